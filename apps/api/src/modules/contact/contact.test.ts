import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type MailMessage, type MailTransport, QueuedMailer } from '../mail/mailer.ts';
import { upsertSettings } from '../site/site.repository.ts';
import type { Tenant } from '../tenants/tenants.service.ts';
import { insertBranches, insertContactEmails, insertSocialProfiles, listMessages } from './contact.repository.ts';

const VALID = {
  name: 'Anita Gurung',
  email: 'anita@example.com',
  phone_number: '+977 1 4412345',
  subject: 'Engraving',
  message: 'Can you engrave a name on the blade?',
};

/** A transport that keeps what it is given. */
function recordingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'smtp',
    sent,
    deliver: async (message) => {
      sent.push(message);
      return {};
    },
  };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('contact', () => {
  let t: TestApp;
  let mailer: ReturnType<typeof recordingTransport>;
  beforeAll(async () => {
    t = await buildTestApp();
    mailer = recordingTransport();
    t.app.deps.mailer = new QueuedMailer({
      from: 'shop@example.com',
      transport: mailer,
      logger: silent,
      database: t.testDb.database,
    });
  });
  afterAll(() => t.close());

  async function seedInfo(shop: Tenant) {
    const scope = t.scope(shop);
    await insertBranches(scope, [
      { name: 'Thamel showroom', address: 'Thamel, Kathmandu', phoneNumber: '+977 1 4000000', position: 2 },
      {
        name: 'Dharan workshop',
        isHq: true,
        address: 'Dharan-8, Sunsari',
        phoneNumber: '+977 25 520000',
        mapLocationUrl: 'https://maps.example/dharan',
        position: 1,
      },
    ]);
    await insertContactEmails(scope, [
      { purpose: 'Sales', emailAddress: 'sales@example.com', position: 1 },
      { purpose: 'Support', emailAddress: 'support@example.com', position: 2 },
    ]);
    await insertSocialProfiles(scope, [
      { platform: 'facebook', link: 'https://facebook.example/khukuri', position: 1 },
      { platform: 'youtube', link: 'https://youtube.example/khukuri', position: 2 },
    ]);
  }

  describe('GET /api/contact/info/', () => {
    it('answers branches with the HQ marker and map link, e-mails by purpose and social profiles', async () => {
      const shop = await t.createTenant();
      await seedInfo(shop);
      const response = await t.request(shop, { method: 'GET', url: '/api/contact/info/' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.branch_locations).toEqual([
        {
          id: expect.any(Number),
          name: 'Dharan workshop',
          is_hq: true,
          address: 'Dharan-8, Sunsari',
          phone_number: '+977 25 520000',
          map_location_url: 'https://maps.example/dharan',
        },
        {
          id: expect.any(Number),
          name: 'Thamel showroom',
          is_hq: false,
          address: 'Thamel, Kathmandu',
          phone_number: '+977 1 4000000',
          map_location_url: '',
        },
      ]);
      expect(body.contact_emails).toEqual([
        { id: expect.any(Number), purpose: 'Sales', email_address: 'sales@example.com' },
        { id: expect.any(Number), purpose: 'Support', email_address: 'support@example.com' },
      ]);
      expect(body.social_media_profiles).toEqual([
        { id: expect.any(Number), platform_display: 'Facebook', link: 'https://facebook.example/khukuri' },
        { id: expect.any(Number), platform_display: 'YouTube', link: 'https://youtube.example/khukuri' },
      ]);
    });

    it('answers empty lists for a shop without contact information', async () => {
      const shop = await t.createTenant();
      const response = await t.request(shop, { method: 'GET', url: '/api/contact/info/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        email: '',
        branch_locations: [],
        contact_emails: [],
        social_media_profiles: [],
      });
    });

    it("never shows another shop's contact information", async () => {
      const theirs = await t.createTenant();
      await seedInfo(theirs);
      const mine = await t.createTenant();
      const response = await t.request(mine, { method: 'GET', url: '/api/contact/info/' });
      expect(response.json()).toEqual({
        email: '',
        branch_locations: [],
        contact_emails: [],
        social_media_profiles: [],
      });
    });
  });

  describe('POST /api/contact/messages/', () => {
    it('stores a valid message, trimmed, and answers 201', async () => {
      const shop = await t.createTenant();
      const response = await t.request(shop, {
        method: 'POST',
        url: '/api/contact/messages/',
        payload: { ...VALID, name: '  Anita Gurung ', email: 'Anita@Example.com' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ...VALID });
      const stored = await listMessages(t.scope(shop));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        name: 'Anita Gurung',
        email: 'anita@example.com',
        phoneNumber: '+977 1 4412345',
        subject: 'Engraving',
        message: VALID.message,
      });
    });

    it('takes the phone number as optional', async () => {
      const shop = await t.createTenant();
      for (const phone of [undefined, '', null]) {
        const response = await t.request(shop, {
          method: 'POST',
          url: '/api/contact/messages/',
          payload: { ...VALID, phone_number: phone },
        });
        expect(response.statusCode).toBe(201);
      }
      expect(await listMessages(t.scope(shop))).toHaveLength(3);
    });

    it('refuses a bad e-mail with a field error', async () => {
      const shop = await t.createTenant();
      for (const email of ['not-an-email', 'a@b', 'a b@example.com', '<a@example.com>', '@example.com']) {
        const response = await t.request(shop, {
          method: 'POST',
          url: '/api/contact/messages/',
          payload: { ...VALID, email },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ email: ['Enter a valid email address.'] });
      }
      expect(await listMessages(t.scope(shop))).toHaveLength(0);
    });

    it('refuses missing and blank required fields, each under its name', async () => {
      const shop = await t.createTenant();
      const missing = await t.request(shop, { method: 'POST', url: '/api/contact/messages/', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        name: ['This field is required.'],
        email: ['This field is required.'],
        subject: ['This field is required.'],
        message: ['This field is required.'],
      });
      const blank = await t.request(shop, {
        method: 'POST',
        url: '/api/contact/messages/',
        payload: { name: ' ', email: '', subject: '\n', message: '  ' },
      });
      expect(blank.json()).toEqual({
        name: ['This field may not be blank.'],
        email: ['This field may not be blank.'],
        subject: ['This field may not be blank.'],
        message: ['This field may not be blank.'],
      });
    });

    it('refuses over-long fields and a phone number with letters', async () => {
      const shop = await t.createTenant();
      const response = await t.request(shop, {
        method: 'POST',
        url: '/api/contact/messages/',
        payload: {
          name: 'n'.repeat(101),
          email: `${'e'.repeat(250)}@example.com`,
          phone_number: 'call me',
          subject: 's'.repeat(201),
          message: 'm'.repeat(5001),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        name: ['Ensure this field has no more than 100 characters.'],
        email: ['Ensure this field has no more than 254 characters.'],
        phone_number: ['Enter a valid phone number.'],
        subject: ['Ensure this field has no more than 200 characters.'],
        message: ['Ensure this field has no more than 5000 characters.'],
      });
    });

    it('refuses a subject that spans lines (no header injection)', async () => {
      const shop = await t.createTenant();
      const response = await t.request(shop, {
        method: 'POST',
        url: '/api/contact/messages/',
        payload: { ...VALID, subject: 'Hello\r\nBcc: victim@example.com' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ subject: ['Enter a subject on one line.'] });
    });

    it('silently drops a message whose honeypot field is filled', async () => {
      const shop = await t.createTenant();
      await upsertSettings(t.scope(shop), { contactEmail: 'honeypot-shop@example.com' });
      const response = await t.request(shop, {
        method: 'POST',
        url: '/api/contact/messages/',
        payload: { ...VALID, website: 'https://spam.example' },
      });
      expect(response.statusCode).toBe(201);
      expect(await listMessages(t.scope(shop))).toHaveLength(0);
      await t.settled();
      expect(mailer.sent.filter((mail) => mail.to === 'honeypot-shop@example.com')).toEqual([]);
    });

    it("mails the message to the shop's contact e-mail, replies going to its sender", async () => {
      const shop = await t.createTenant();
      await upsertSettings(t.scope(shop), { siteTitle: 'Blade Shop', contactEmail: 'owner@blade.example' });
      const response = await t.request(shop, { method: 'POST', url: '/api/contact/messages/', payload: VALID });
      expect(response.statusCode).toBe(201);
      await t.settled();
      const mail = mailer.sent.find((sent) => sent.to === 'owner@blade.example');
      expect(mail?.subject).toBe('Contact form: Engraving');
      expect(mail?.text).toContain('Blade Shop');
      expect(mail?.text).toContain('Name: Anita Gurung');
      expect(mail?.text).toContain('E-mail: anita@example.com');
      expect(mail?.text).toContain(VALID.message);
      expect(mail?.replyTo).toBe('anita@example.com');
    });

    it('mails the first contact e-mail when the settings have none', async () => {
      const shop = await t.createTenant();
      await seedInfo(shop);
      await t.request(shop, { method: 'POST', url: '/api/contact/messages/', payload: VALID });
      await t.settled();
      expect(mailer.sent.some((sent) => sent.to === 'sales@example.com')).toBe(true);
    });

    it('stores the message and answers 201 even when the mail server is down; the mail waits in the queue', async () => {
      const shop = await t.createTenant();
      await upsertSettings(t.scope(shop), { contactEmail: 'owner@broken.example' });
      let attempts = 0;
      const working = t.app.deps.mailer;
      t.app.deps.mailer = new QueuedMailer({
        from: 'shop@example.com',
        transport: {
          kind: 'smtp',
          deliver: async () => {
            attempts += 1;
            throw new Error('connection refused');
          },
        },
        logger: silent,
        database: t.testDb.database,
        backoffMs: 60_000,
      });
      try {
        const response = await t.request(shop, { method: 'POST', url: '/api/contact/messages/', payload: VALID });
        expect(response.statusCode).toBe(201);
        await t.settled();
        expect(attempts).toBe(1);
        expect(await listMessages(t.scope(shop))).toHaveLength(1);
        const queued = await t.testDb.database.raw.query<{ status: string }>(
          `select status from mail_queue where tenant_id = $1 and recipient = 'owner@broken.example'`,
          [shop.id],
        );
        expect(queued).toEqual([{ status: 'queued' }]);
      } finally {
        t.app.deps.mailer = working;
      }
    });

    it('limits the messages per client address', async () => {
      const shop = await t.createTenant();
      const send = (remoteAddress: string) =>
        t.request(shop, { method: 'POST', url: '/api/contact/messages/', payload: VALID, remoteAddress });
      const codes = [];
      for (let i = 0; i < 6; i += 1) codes.push((await send('203.0.113.7')).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
      const throttled = await send('203.0.113.7');
      expect(throttled.json().code).toBe('throttled');
      expect(throttled.headers['retry-after']).toBeDefined();
      expect((await send('203.0.113.8')).statusCode).toBe(201);
      expect(await listMessages(t.scope(shop))).toHaveLength(6);
    });

    it("keeps each shop's messages to itself", async () => {
      const mine = await t.createTenant();
      const theirs = await t.createTenant();
      await t.request(theirs, { method: 'POST', url: '/api/contact/messages/', payload: VALID });
      expect(await listMessages(t.scope(mine))).toHaveLength(0);
      expect(await listMessages(t.scope(theirs))).toHaveLength(1);
    });
  });
});
