import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, hasFieldErrors } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = '') {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status, statusText }));
}

describe('api', () => {
  vi.stubGlobal('fetch', fetchMock);
  afterEach(() => fetchMock.mockReset());

  it('sends JSON with the same-origin cookies and asks for JSON back', async () => {
    answer(201, '{"id":7}');
    expect(await api('POST', '/api/samples', { title: 'Song' })).toEqual({ ok: true, data: { id: 7 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/samples', {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"title":"Song"}',
    });
  });

  it('sends no body and no Content-Type when there is nothing to send', async () => {
    answer(200, '[]');
    expect(await api('GET', '/api/samples')).toEqual({ ok: true, data: [] });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({ Accept: 'application/json' });
    expect(init?.body).toBeUndefined();
  });

  it('resolves a bodiless success (204) with no data', async () => {
    answer(204, '');
    expect(await api('DELETE', '/api/contact-submissions/3')).toEqual({ ok: true, data: undefined });
  });

  it('reads a refusal: the generic message, the server message and the field errors', async () => {
    const body = '{"message":"Invalid sample","errors":{"title":["Title is required"]}}';
    answer(400, body, 'Bad Request');
    expect(await api('PUT', '/api/samples/1', { title: '' })).toEqual({
      ok: false,
      status: 400,
      statusText: 'Bad Request',
      message: `400: ${body}`,
      serverMessage: 'Invalid sample',
      errors: { title: ['Title is required'] },
      body: JSON.parse(body),
    });
  });

  it('keeps the whole refusal body for answers that carry more than a message', async () => {
    answer(409, '{"message":"Saved elsewhere first","current":{"version":4}}', 'Conflict');
    expect(await api('PUT', '/api/admin/site/faq', { version: 3 })).toMatchObject({ status: 409, body: { current: { version: 4 } } });
  });

  it('sends a Blob as it is, with its own type', async () => {
    answer(201, '{"id":"x"}');
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    expect(await api('POST', '/api/admin/images', image)).toEqual({ ok: true, data: { id: 'x' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'image/png' });
    expect(init?.body).toBe(image);
  });

  it('falls back to the status text when the refusal has no body', async () => {
    answer(500, '', 'Internal Server Error');
    expect(await api('GET', '/api/samples')).toEqual({
      ok: false,
      status: 500,
      statusText: 'Internal Server Error',
      message: '500: Internal Server Error',
      errors: {},
    });
  });

  it('keeps a refusal that is not JSON as text, without server message or field errors', async () => {
    answer(502, 'boom', 'Bad Gateway');
    expect(await api('GET', '/api/samples')).toEqual({
      ok: false,
      status: 502,
      statusText: 'Bad Gateway',
      message: '502: boom',
      errors: {},
    });
  });

  it('keeps only well-formed field errors and a text message', async () => {
    answer(400, '{"message":42,"errors":{"title":["Title is required",3],"genre":"too long","artist":[]}}');
    const result = await api('POST', '/api/samples', {});
    expect(result).toMatchObject({ ok: false, errors: { title: ['Title is required'] } });
    expect(result).not.toHaveProperty('serverMessage');
  });

  it('answers status 0 with the browser’s words when no answer arrives', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await api('POST', '/api/contact', {})).toEqual({ ok: false, status: 0, statusText: '', message: 'Failed to fetch', errors: {} });
  });

  it('counts a success whose body is not JSON as a failure', async () => {
    answer(200, '<!doctype html>', 'OK');
    expect(await api('GET', '/api/samples')).toEqual({
      ok: false,
      status: 200,
      statusText: 'OK',
      message: '200: <!doctype html>',
      errors: {},
    });
  });

  it('tells a refusal that names fields from one that does not', () => {
    expect(hasFieldErrors({ title: ['Title is required'] })).toBe(true);
    expect(hasFieldErrors({})).toBe(false);
  });
});
