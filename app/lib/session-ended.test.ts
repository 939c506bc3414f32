import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { isSessionEnded, registerSessionShell, sessionResumed } from './session-ended.ts';

const fetchMock = vi.fn<typeof fetch>();

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const sessionRequired = () => json(401, { message: 'Authentication required' }, { 'WWW-Authenticate': 'Session' });
const settled = async <T>(promise: Promise<T>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

describe('an ended session in the admin', () => {
  let unregister: (() => void) | null = null;
  vi.stubGlobal('fetch', fetchMock);
  beforeEach(() => {
    unregister = registerSessionShell();
  });
  afterEach(() => {
    unregister?.();
    fetchMock.mockReset();
  });

  it('holds a request refused for want of a session until the owner logs in again, then sends it again', async () => {
    fetchMock.mockResolvedValueOnce(sessionRequired()).mockResolvedValueOnce(json(200, { id: 3, title: 'Saved' }));
    const save = api('PUT', '/api/samples/3', { title: 'Saved' });
    expect(await settled(save)).toBe(false);
    expect(isSessionEnded()).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    sessionResumed();
    expect(await save).toEqual({ ok: true, data: { id: 3, title: 'Saved' } });
    expect(isSessionEnded()).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]).toEqual(fetchMock.mock.calls[0]);
  });

  it('resends every request that was waiting, once each', async () => {
    fetchMock.mockResolvedValueOnce(sessionRequired()).mockResolvedValueOnce(sessionRequired());
    const first = api('GET', '/api/contact-submissions');
    const second = api('POST', '/api/samples/4/trash');
    await settled(Promise.all([first, second]));
    fetchMock.mockResolvedValueOnce(json(200, [])).mockResolvedValueOnce(json(200, { restoreToken: 't' }));
    sessionResumed();
    expect(await first).toEqual({ ok: true, data: [] });
    expect(await second).toEqual({ ok: true, data: { restoreToken: 't' } });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('resends at once a request that was sent before the latest login and refused after it', async () => {
    let answerLate: (response: Response) => void = () => {};
    fetchMock
      .mockResolvedValueOnce(sessionRequired())
      .mockReturnValueOnce(new Promise<Response>((resolve) => (answerLate = resolve)))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    const early = api('GET', '/api/samples');
    await settled(early);
    const late = api('PUT', '/api/samples/reorder', { sampleOrders: [] });
    sessionResumed();
    fetchMock.mockResolvedValueOnce(json(200, { ok: 2 }));
    answerLate(sessionRequired());
    expect(await late).toMatchObject({ ok: true });
    expect(await early).toMatchObject({ ok: true });
    expect(isSessionEnded()).toBe(false);
  });

  it('hands a wrong password (401 without the challenge) and a CSRF refusal (403) to the caller at once', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Invalid credentials' }));
    expect(await api('POST', '/api/admin/login', { username: 'a', password: 'b' })).toMatchObject({
      ok: false,
      status: 401,
      serverMessage: 'Invalid credentials',
    });
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Cross-site request refused' }));
    expect(await api('PUT', '/api/samples/1', {})).toMatchObject({ ok: false, status: 403 });
    expect(isSessionEnded()).toBe(false);
  });

  it('outside the admin shell (no dialog to log in through), the refusal resolves like any other', async () => {
    unregister?.();
    unregister = null;
    fetchMock.mockResolvedValueOnce(sessionRequired());
    expect(await api('GET', '/api/admin/me')).toMatchObject({ ok: false, status: 401 });
    expect(isSessionEnded()).toBe(false);
  });

  it('when the shell goes away while requests wait, they end as refusals instead of waiting for ever', async () => {
    fetchMock.mockResolvedValueOnce(sessionRequired()).mockResolvedValueOnce(sessionRequired());
    const waiting = api('DELETE', '/api/contact-submissions/9');
    await settled(waiting);
    unregister?.();
    unregister = null;
    expect(await waiting).toMatchObject({ ok: false, status: 401 });
  });
});
