// The codec of 2C2P's payment tokens against fixed vectors, independently of the built-in sandbox (which uses the
// same code and so could agree with a mistake): HS256 over the secret string's UTF-8 bytes, as 2C2P's documentation
// and public integrations sign (`jwt.sign(payload, SECRET_KEY)`), and amounts written as JSON numbers digit for digit.
import { describe, expect, it } from 'vitest';
import {
  JsonDecimal,
  SignatureError,
  signHs256,
  stringifyWithDecimals,
  unverifiedClaims,
  verifyHs256,
} from './hs256.ts';

// The HS256 example token jwt.io shows: any conforming JWT library signs these claims with this secret string so.
const SECRET = 'your-256-bit-secret';
const CLAIMS = { sub: '1234567890', name: 'John Doe', iat: 1516239022 };
const TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

describe('the payment token codec, against fixed vectors', () => {
  it('signs the known claims into the known token, header and signature alike', async () => {
    expect(await signHs256(CLAIMS, SECRET)).toBe(TOKEN);
  });

  it('reads the known token with its secret, and refuses it with another or altered', async () => {
    expect(await verifyHs256(TOKEN, SECRET)).toEqual(CLAIMS);
    await expect(verifyHs256(TOKEN, 'another-secret')).rejects.toBeInstanceOf(SignatureError);
    const [header, , signature] = TOKEN.split('.');
    const altered = Buffer.from(JSON.stringify({ ...CLAIMS, name: 'Jane Doe' })).toString('base64url');
    await expect(verifyHs256(`${header}.${altered}.${signature}`, SECRET)).rejects.toBeInstanceOf(SignatureError);
  });

  it('refuses a token that names no algorithm ("none"), whatever it claims', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${TOKEN.split('.')[1]}.`;
    await expect(verifyHs256(none, SECRET)).rejects.toBeInstanceOf(SignatureError);
    expect(unverifiedClaims(TOKEN)).toEqual(CLAIMS);
  });

  it('writes an amount as 2C2P reads it, a JSON number digit for digit', async () => {
    const claims = { merchantID: 'JT01', invoiceNo: '280520075921', amount: new JsonDecimal('1000.00') };
    expect(stringifyWithDecimals(claims)).toBe('{"merchantID":"JT01","invoiceNo":"280520075921","amount":1000.00}');
    const token = await signHs256(claims, SECRET);
    const payload = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
    expect(payload).toBe('{"merchantID":"JT01","invoiceNo":"280520075921","amount":1000.00}');
    expect(() => new JsonDecimal('1e3')).toThrow();
  });
});
