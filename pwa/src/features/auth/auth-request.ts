import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useFormFields } from '../../ui/use-form-fields.ts';

/**
 * The request behind a sign-in, sign-up or password-reset form: `run(work)` keeps the button busy
 * meanwhile; a refusal is shown as `describe(err)` and what was typed stays.
 */
export function useAuthRequest(describe: (err: unknown) => string) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** The server's Romanian refusal, or `fallback` when there is none (offline, no answer). */
export const serverMessageOr = (fallback: string) => (err: unknown) =>
  err instanceof ApiError ? err.message : fallback;

type FormRules<T, I> = {
  normalize: (values: T) => I;
  validate: (input: I) => Partial<Record<keyof T, string>>;
  /** Said when the server gives no reason (offline, no answer). */
  fallback: string;
  send: (input: I) => Promise<void>;
};

/**
 * A one-step account form (sign-in, sign-up): on submit the values are normalised and checked with the
 * schema/ rule (focus on the first wrong field), then sent; a refusal keeps what was typed.
 */
export function useAuthForm<T extends Record<string, string>, I>(
  prefix: string,
  initial: T,
  rules: FormRules<T, I>,
) {
  const { values, field, show } = useFormFields(prefix, initial);
  const request = useAuthRequest(serverMessageOr(rules.fallback));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = rules.normalize(values);
    request.setError('');
    if (!show(rules.validate(input))) return;
    await request.run(() => rules.send(input));
  };
  return { field, submit, ...request };
}
