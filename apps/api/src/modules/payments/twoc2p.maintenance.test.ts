// The Payment Maintenance codec against what 2C2P's documentation states (docs/payments-2c2p.md, "Refunds"), checked
// independently of the sandbox (which speaks through the same codec, so a symmetric mistake there could not fail):
// the XML of a request and of an answer as written in its samples, and the sealed message taken apart and made by
// hand with node:crypto alone — a JWS signed PS256 whose payload is a JWE (RSA-OAEP, A256GCM).
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createSign,
  createVerify,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildXml,
  generateMaintenanceKeys,
  maintenanceRequest,
  openMessage,
  type PemKeyPair,
  parseXml,
  privateKeyOf,
  publicKeyOf,
  readMaintenanceAnswer,
  sealMessage,
} from './twoc2p.maintenance.ts';

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string) => Buffer.from(text, 'base64url');

let merchant: PemKeyPair;
let gateway: PemKeyPair;
beforeAll(async () => {
  [merchant, gateway] = await Promise.all([generateMaintenanceKeys(), generateMaintenanceKeys()]);
});

describe('the XML of a maintenance message', () => {
  it('writes a refund request as the documentation’s sample: version 3.8, the fields in its order, the amount in units', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:05:09Z') });
    try {
      const fields = maintenanceRequest({
        merchantId: 'JT01',
        invoiceNo: '1523953661',
        processType: 'R',
        amountCents: 100,
      });
      expect(buildXml('PaymentProcessRequest', fields)).toBe(
        '<PaymentProcessRequest><version>3.8</version><timeStamp>291126080509</timeStamp>' +
          '<merchantID>JT01</merchantID><processType>R</processType><invoiceNo>1523953661</invoiceNo>' +
          '<actionAmount>1.00</actionAmount></PaymentProcessRequest>',
      );
      // A status request names no amount: the element is there, empty.
      const status = maintenanceRequest({ merchantId: 'JT01', invoiceNo: '1523953661', processType: 'RS' });
      expect(buildXml('PaymentProcessRequest', status)).toContain('<processType>RS</processType>');
      expect(buildXml('PaymentProcessRequest', status)).toContain('<actionAmount></actionAmount>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('escapes what a value holds, so that no field can add an element', () => {
    const xml = buildXml('PaymentProcessRequest', { invoiceNo: '1<2&3>"' });
    expect(xml).toBe('<PaymentProcessRequest><invoiceNo>1&lt;2&amp;3&gt;&quot;</invoiceNo></PaymentProcessRequest>');
    expect(parseXml('PaymentProcessRequest', xml)).toEqual({ invoiceNo: '1<2&3>"' });
  });

  it('reads an answer as 2C2P writes it: a declaration, new lines, leading zeros kept, and its status codes', () => {
    const answer = readMaintenanceAnswer(
      parseXml(
        'PaymentProcessResponse',
        `<?xml version="1.0" encoding="UTF-8"?>
<PaymentProcessResponse>
  <version>3.8</version>
  <timeStamp>291126080510</timeStamp>
  <respCode>00</respCode>
  <respDesc>Success</respDesc>
  <processType>R</processType>
  <invoiceNo>0001523953661</invoiceNo>
  <amount>1.00</amount>
  <status>RP</status>
  <referenceNo>4012345678</referenceNo>
</PaymentProcessResponse>`,
      ) ?? {},
    );
    expect(answer).toMatchObject({
      respCode: '00',
      respDesc: 'Success',
      status: 'refund_pending',
      invoiceNo: '0001523953661',
      amountCents: 100,
      reference: '4012345678',
    });
    const statuses = ['A', 'S', 'V', 'RP', 'RF', 'RR', 'XX'].map(
      (code) => readMaintenanceAnswer({ respCode: '00', status: code }).status,
    );
    expect(statuses).toEqual([
      'approved',
      'settled',
      'voided',
      'refund_pending',
      'refunded',
      'refund_failed',
      'unknown',
    ]);
  });

  it('finds no answer in a document of another root, or in text that is no XML', () => {
    expect(parseXml('PaymentProcessResponse', '<PaymentProcessRequest><a>1</a></PaymentProcessRequest>')).toBeNull();
    expect(parseXml('PaymentProcessResponse', 'Internal Server Error')).toBeNull();
  });
});

describe('a sealed message', () => {
  it('is a JWS signed PS256 whose payload is a JWE for the receiver (RSA-OAEP, A256GCM), opened here by hand', async () => {
    const xml = '<PaymentProcessRequest><invoiceNo>42</invoiceNo></PaymentProcessRequest>';
    const token = await sealMessage(xml, {
      signWith: privateKeyOf(merchant.privateKey),
      encryptFor: publicKeyOf(gateway.publicKey),
    });

    const [jwsHeader, jwsPayload, signature, ...rest] = token.split('.') as [string, string, string];
    expect(rest).toEqual([]);
    expect(JSON.parse(fromB64url(jwsHeader).toString())).toEqual({ alg: 'PS256', typ: 'JWT' });
    // PS256: RSASSA-PSS with SHA-256 and a salt of 32 bytes, over "header.payload".
    const verified = createVerify('sha256')
      .update(`${jwsHeader}.${jwsPayload}`)
      .verify(
        { key: merchant.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
        fromB64url(signature),
      );
    expect(verified).toBe(true);

    const [jweHeader, encryptedKey, iv, ciphertext, tag] = fromB64url(jwsPayload).toString().split('.') as [
      string,
      string,
      string,
      string,
      string,
    ];
    expect(JSON.parse(fromB64url(jweHeader).toString())).toEqual({ alg: 'RSA-OAEP', enc: 'A256GCM' });
    // RSA-OAEP (JWA): OAEP with SHA-1; the content key is 256 bits, the IV 96 and the tag 128.
    const key = privateDecrypt(
      { key: gateway.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      fromB64url(encryptedKey),
    );
    expect(key).toHaveLength(32);
    expect(fromB64url(iv)).toHaveLength(12);
    expect(fromB64url(tag)).toHaveLength(16);
    const decipher = createDecipheriv('aes-256-gcm', key, fromB64url(iv));
    decipher.setAAD(Buffer.from(jweHeader, 'ascii'));
    decipher.setAuthTag(fromB64url(tag));
    const plaintext = Buffer.concat([decipher.update(fromB64url(ciphertext)), decipher.final()]).toString();
    expect(plaintext).toBe(xml);
  });

  it('opens a message made by hand as the gateway would make it, and refuses it signed by another key', async () => {
    const xml = '<PaymentProcessResponse><respCode>00</respCode><status>RF</status></PaymentProcessResponse>';
    const handMade = (signer: string) => {
      const header = b64url(JSON.stringify({ alg: 'RSA-OAEP', enc: 'A256GCM' }));
      const key = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(header, 'ascii'));
      const ciphertext = Buffer.concat([cipher.update(xml), cipher.final()]);
      const wrapped = publicEncrypt(
        { key: merchant.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        key,
      );
      const jwe = [header, b64url(wrapped), b64url(iv), b64url(ciphertext), b64url(cipher.getAuthTag())].join('.');
      const signingInput = `${b64url(JSON.stringify({ alg: 'PS256', typ: 'JWT' }))}.${b64url(jwe)}`;
      const signature = createSign('sha256')
        .update(signingInput)
        .sign({ key: signer, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
      return `${signingInput}.${b64url(signature)}`;
    };
    const keys = { verifyWith: publicKeyOf(gateway.publicKey), decryptWith: privateKeyOf(merchant.privateKey) };

    expect(await openMessage(handMade(gateway.privateKey), keys)).toBe(xml);
    await expect(openMessage(handMade(merchant.privateKey), keys)).rejects.toThrow();
  });

  it('refuses a message signed with another algorithm than PS256', async () => {
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const payload = b64url('not even a JWE');
    const signature = createSign('sha256').update(`${header}.${payload}`).sign(gateway.privateKey);
    await expect(
      openMessage(`${header}.${payload}.${b64url(signature)}`, {
        verifyWith: publicKeyOf(gateway.publicKey),
        decryptWith: privateKeyOf(merchant.privateKey),
      }),
    ).rejects.toThrow();
  });
});
