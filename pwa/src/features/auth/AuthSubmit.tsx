import { FormError, SubmitButton } from '../../ui/FormFoot.tsx';

/** The foot of the sign-in, sign-up and password-reset forms: the refusal, then a full-width button. */
export function AuthSubmit({ label, busy, error }: { label: string; busy: boolean; error: string }) {
  return (
    <>
      <FormError message={error} />
      <SubmitButton
        label={label}
        busy={busy}
        busyLabel="Se încarcă..."
        className="btn btn-primary btn-block"
      />
    </>
  );
}
