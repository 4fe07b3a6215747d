// Staff's replies to contact messages through HTTP: kept with the message (what, when, who), mailed from the shop's
// sender to the person who wrote; and the contact e-mail to the shop, whose replies go to that person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, auditLog, shopWithStaff } from '../../../test/admin.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { mailsTo } from '../../../test/outbox.ts';
import type { Tenant } from '../tenants/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;

/** A shop whose sender and reply-to address are its own, its staff, and a message from `from`. */
async function shopWithMessage(from = `asha.${Date.now()}.${++addressCounter}@example.com`) {
  const setup = await shopWithStaff(t, 'Reply Forge');
  const sender = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/mail-settings/', {
    sender_name: 'Reply Forge',
    sender_address: `shop${setup.shop.id}@replyforge.example`,
    reply_to: `desk${setup.shop.id}@replyforge.example`,
  });
  expect(sender.statusCode, sender.body).toBe(200);
  const site = await adminCall(t, setup.shop, setup.owner.accessToken, 'PATCH', '/site-settings/', {
    site_title: 'Reply Forge',
    contact_email: `inbox${setup.shop.id}@replyforge.example`,
  });
  expect(site.statusCode, site.body).toBe(200);
  const message = await sendMessage(setup.shop, from, 'Sheath sizes');
  return { ...setup, from, message };
}

async function sendMessage(shop: Tenant, from: string, subject: string) {
  const sent = await t.request(shop, {
    method: 'POST',
    url: '/api/contact/messages/',
    remoteAddress: `10.45.${Math.floor(addressCounter / 200)}.${addressCounter % 200}`,
    payload: { name: 'Asha Rai', email: from, subject, message: 'Which sheath fits a 10" blade?\nThank you.' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return { subject };
}

async function messageId(setup: Awaited<ReturnType<typeof shopWithMessage>>): Promise<number> {
  const list = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', '/contact-messages/');
  expect(list.statusCode, list.body).toBe(200);
  const found = list.json().results.find((message: { email: string }) => message.email === setup.from);
  expect(found).toBeDefined();
  return found.id as number;
}

describe('the contact e-mail to the shop', () => {
  it("goes to the shop's contact address from its sender, with Reply-To the person who wrote (not the shop's own)", async () => {
    const setup = await shopWithMessage();
    await t.settled();
    const [mail] = mailsTo(t.config.DATA_DIR, `inbox${setup.shop.id}@replyforge.example`);
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${setup.from.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(mail?.raw).not.toMatch(/^Reply-To: desk/m);
    expect(mail?.raw).toMatch(new RegExp(`^From: "?Reply Forge"? <shop${setup.shop.id}@replyforge\\.example>$`, 'm'));
  });
});

describe('a reply to a contact message', () => {
  it("is mailed from the shop's sender to the message's sender, kept with the message and shown with it; audited", async () => {
    const setup = await shopWithMessage();
    const id = await messageId(setup);
    const before = await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/contact-messages/${id}/`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ id, email: setup.from, replies: [], last_replied_at: null });

    const body = 'Namaste Asha,\nthe 10 inch sheath fits it. We can send one with your knife.';
    const replied = await adminCall(
      t,
      setup.shop,
      setup.staff.accessToken,
      'POST',
      `/contact-messages/${id}/replies/`,
      {
        body: `  ${body}  `,
      },
    );
    expect(replied.statusCode, replied.body).toBe(201);
    const answer = replied.json();
    expect(answer.replies).toHaveLength(1);
    expect(answer.replies[0]).toMatchObject({
      body,
      staff_user_id: setup.staff.user.id,
      staff_name: setup.staff.user.displayName,
    });
    expect(Date.now() - Date.parse(answer.replies[0].created_at)).toBeLessThan(60_000);
    expect(answer.last_replied_at).toBe(answer.replies[0].created_at);

    // Kept: the message's page and the list show it.
    const shown = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', `/contact-messages/${id}/`)).json();
    expect(shown.replies).toEqual(answer.replies);
    const listed = (await adminCall(t, setup.shop, setup.owner.accessToken, 'GET', '/contact-messages/')).json();
    expect(listed.results.find((message: { id: number }) => message.id === id).last_replied_at).toBe(
      answer.last_replied_at,
    );

    await t.settled();
    const [mail] = mailsTo(t.config.DATA_DIR, setup.from);
    expect(mail?.raw).toMatch(new RegExp(`^From: "?Reply Forge"? <shop${setup.shop.id}@replyforge\\.example>$`, 'm'));
    // Replies to it reach the shop's own address: its contact e-mail, which comes before the mail settings' reply-to.
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: inbox${setup.shop.id}@replyforge\\.example$`, 'm'));
    expect(mail?.raw).toMatch(/^Subject: Re: Sheath sizes$/m);
    expect(mail?.body).toContain(body);
    expect(mail?.body).toContain('> Which sheath fits a 10" blade?\n> Thank you.');

    const audit = await auditLog(t, setup, 'contact_message', id);
    expect(audit[0]).toMatchObject({ action: 'contact_message.reply', actor_user_id: setup.staff.user.id });
  });

  it('keeps every reply, oldest first, each naming its member of staff', async () => {
    const setup = await shopWithMessage();
    const id = await messageId(setup);
    for (const [token, body] of [
      [setup.staff.accessToken, 'First answer.'],
      [setup.owner.accessToken, 'A second word from the owner.'],
    ] as const) {
      const replied = await adminCall(t, setup.shop, token, 'POST', `/contact-messages/${id}/replies/`, { body });
      expect(replied.statusCode, replied.body).toBe(201);
    }
    const shown = (await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/contact-messages/${id}/`)).json();
    expect(shown.replies.map((reply: { body: string; staff_name: string }) => [reply.body, reply.staff_name])).toEqual([
      ['First answer.', setup.staff.user.displayName],
      ['A second word from the owner.', setup.owner.user.displayName],
    ]);
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, setup.from)).toHaveLength(2);
  });

  it('refuses an empty, too long or unexpected reply in words, storing and sending nothing', async () => {
    const setup = await shopWithMessage();
    const id = await messageId(setup);
    const cases: [object, Record<string, string[]>][] = [
      [{ body: '   ' }, { body: ['Write your reply.'] }],
      [{}, { body: ['Write your reply.'] }],
      [{ body: 'x'.repeat(10_001) }, { body: ['Write a reply of at most 10,000 characters.'] }],
    ];
    for (const [payload, errors] of cases) {
      const refused = await adminCall(
        t,
        setup.shop,
        setup.staff.accessToken,
        'POST',
        `/contact-messages/${id}/replies/`,
        payload,
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject(errors);
    }
    const extra = await adminCall(t, setup.shop, setup.staff.accessToken, 'POST', `/contact-messages/${id}/replies/`, {
      body: 'Hello',
      to: 'someone@else.example',
    });
    expect(extra.statusCode).toBe(400);
    const shown = (await adminCall(t, setup.shop, setup.staff.accessToken, 'GET', `/contact-messages/${id}/`)).json();
    expect(shown.replies).toEqual([]);
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, setup.from)).toHaveLength(0);
    expect(mailsTo(t.config.DATA_DIR, 'someone@else.example')).toHaveLength(0);
  });

  it("answers 401 to guests and another shop's staff, 403 to customers, 404 for another shop's message", async () => {
    const setup = await shopWithMessage();
    const theirs = await shopWithMessage();
    const id = await messageId(setup);
    const theirId = await messageId(theirs);
    const reply = { body: 'Hello' };
    const url = `/contact-messages/${id}/replies/`;
    expect((await adminCall(t, setup.shop, undefined, 'POST', url, reply)).statusCode).toBe(401);
    expect((await adminCall(t, setup.shop, setup.customer.accessToken, 'POST', url, reply)).statusCode).toBe(403);
    expect((await adminCall(t, setup.shop, theirs.owner.accessToken, 'POST', url, reply)).statusCode).toBe(401);
    expect(
      (await adminCall(t, setup.shop, setup.customer.accessToken, 'GET', `/contact-messages/${id}/`)).statusCode,
    ).toBe(403);
    for (const [method, path] of [
      ['POST', `/contact-messages/${theirId}/replies/`],
      ['GET', `/contact-messages/${theirId}/`],
    ] as const) {
      const answer = await adminCall(
        t,
        setup.shop,
        setup.staff.accessToken,
        method,
        path,
        method === 'POST' ? reply : undefined,
      );
      expect(answer.statusCode, path).toBe(404);
    }
    await t.settled();
    expect(mailsTo(t.config.DATA_DIR, theirs.from)).toHaveLength(0);
  });
});
