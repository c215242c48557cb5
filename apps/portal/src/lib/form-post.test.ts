import { describe, expect, it } from 'vitest';
import { refuseNonForm } from './form-post.ts';

const post = (body: string, type?: string) =>
  new Request('http://portal.test/signup', {
    method: 'POST',
    body,
    headers: type === undefined ? {} : { 'Content-Type': type },
  });

describe('refuseNonForm', () => {
  it('lets forms through, and every method but POST', async () => {
    expect(await refuseNonForm(post('email=a%40b.c', 'application/x-www-form-urlencoded'))).toBeNull();
    expect(await refuseNonForm(post('email=a', 'Application/X-WWW-Form-Urlencoded; charset=UTF-8'))).toBeNull();
    const multipart = new FormData();
    multipart.set('email', 'a@b.c');
    expect(
      await refuseNonForm(new Request('http://portal.test/signup', { method: 'POST', body: multipart })),
    ).toBeNull();
    expect(await refuseNonForm(new Request('http://portal.test/signup'))).toBeNull();
  });

  it('answers 415 with Accept-Post for a body of another type, or none', async () => {
    for (const type of ['application/json', 'text/plain', undefined]) {
      const response = (await refuseNonForm(post('{}', type)))!;
      expect(response.status, String(type)).toBe(415);
      expect(response.statusText).toBe('Unsupported Media Type');
      expect(response.headers.get('accept-post')).toBe('application/x-www-form-urlencoded, multipart/form-data');
    }
  });

  it('answers 400 for a form that cannot be read (multipart without its boundary)', async () => {
    const response = (await refuseNonForm(post('x', 'multipart/form-data')))!;
    expect(response.status).toBe(400);
    expect(response.statusText).toBe('Bad Request');
  });

  it('leaves the body for the page to read', async () => {
    const request = post('email=a%40b.c', 'application/x-www-form-urlencoded');
    await refuseNonForm(request);
    expect((await request.formData()).get('email')).toBe('a@b.c');
  });
});
