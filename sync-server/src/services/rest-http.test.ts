import { describe, expect, it } from 'vitest';
import { HttpError, httpError, unwrap } from './rest-http.ts';

describe('httpError and unwrap: the one way a route refuses', () => {
  it('an error carries its status, message, code and extra fields into one body', () => {
    const err = httpError(404, 'Anunțul nu a fost găsit.', 'not_found');
    expect(err).toBeInstanceOf(HttpError);
    expect(err.statusCode).toBe(404);
    expect(err.body()).toEqual({ error: 'Anunțul nu a fost găsit.', code: 'not_found' });
    expect(httpError(400, 'Titlul este obligatoriu.', undefined, { errors: { title: 'x' } }).body()).toEqual({
      error: 'Titlul este obligatoriu.',
      errors: { title: 'x' },
    });
  });

  it('unwrap answers the value, or throws the refusal with its status, code and field errors', () => {
    expect(unwrap({ ok: true, value: { id: 'a' } })).toEqual({ id: 'a' });
    expect(unwrap({ ok: true, status: 201, value: 7 })).toBe(7);
    const thrown = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err as HttpError;
      }
      throw new Error('did not throw');
    };
    const refused = thrown(() =>
      unwrap({ ok: false, status: 429, error: 'Prea multe cereri.', code: 'throttled' }),
    );
    expect([refused.statusCode, refused.body()]).toEqual([
      429,
      { error: 'Prea multe cereri.', code: 'throttled' },
    ]);
    const form = thrown(() =>
      unwrap({ ok: false, status: 400, error: 'Titlu prea scurt.', errors: { title: 'Titlu prea scurt.' } }),
    );
    expect(form.body()).toEqual({ error: 'Titlu prea scurt.', errors: { title: 'Titlu prea scurt.' } });
  });
});
