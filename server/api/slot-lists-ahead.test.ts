import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { bookingBody, nextClientIp, postBooking, slotList, TYPE } from '#server/test-support/booking-fixture.ts';
import { memoryMailer } from '#server/test-support/project-fixture.ts';
import { testDialects } from '#server/test-support/services.ts';

/*
 * A visitor's slot list is answered in front of Express (server/http/shared-answers-ahead.ts): the
 * same list and headers the router gives, without the stack (no request id), while every refusal
 * is still the router's.
 */
describe.each(testDialects())('the slot list answered ahead of Express (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { mailer: memoryMailer(), env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a visitor without the stack, uncacheable, in the coding asked, and a held copy with a 304', async () => {
    const response = await t.request.get('/api/booking/slots').query({ type: TYPE }).set('Accept-Encoding', 'br').expect(200);
    expect(response.headers['x-request-id']).toBeUndefined();
    expect(response.headers).toMatchObject({ 'cache-control': 'no-store', 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body).toMatchObject({ type: TYPE, slots: expect.any(Array) });
    expect(response.body.slots.length).toBeGreaterThan(0);
    await t.request.get('/api/booking/slots').query({ type: TYPE }).set('If-None-Match', response.headers.etag!).expect(304);
  });

  it('no longer offers a slot once it is booked', async () => {
    const [slot] = await slotList(t);
    await postBooking(t, bookingBody(slot!.start), nextClientIp()).expect(201);
    expect((await slotList(t)).map((free) => free.start)).not.toContain(slot!.start);
  });

  it('leaves the refusals to the router, which words them', async () => {
    const unknown = await t.request.get('/api/booking/slots').query({ type: 'no-such-type' }).expect(400);
    expect(unknown.headers['x-request-id']).toBeDefined();
    expect(unknown.body.message).toBe('Unknown consultation type');
    const backwards = await t.request
      .get('/api/booking/slots')
      .query({ type: TYPE, from: '2027-03-02T00:00:00Z', to: '2027-03-01T00:00:00Z' })
      .expect(400);
    expect(backwards.body.errors.to).toEqual(['to must be after from']);
  });
});
