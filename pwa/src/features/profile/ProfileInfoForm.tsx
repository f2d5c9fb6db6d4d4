import { type FormEvent, type InputHTMLAttributes, useEffect, useState } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import type { OwnProfile } from '../../../../schema/entities.ts';
import { formatDate } from '../../../../schema/format.ts';
import {
  normalizeProfileInput,
  PROFILE_MESSAGES,
  type ProfileErrors,
  type ProfileInput,
  validateProfileEdit,
} from '../../../../schema/rules/profile.ts';
import { api, failureMessage } from '../../api/client.ts';
import { CancelSubmitRow, FormError } from '../../ui/FormFoot.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { loadLocations } from '../home/use-locations.ts';
import { useSession } from '../session/use-session.ts';

const fromUser = (u: OwnProfile): ProfileInput => ({
  firstName: u.firstName,
  lastName: u.lastName,
  localitate: u.localitate,
  phone: u.phone,
});

/** The editable fields, in the order the form shows them. */
const FIELDS: {
  key: keyof ProfileInput;
  id: string;
  label: string;
  input: InputHTMLAttributes<HTMLInputElement>;
}[] = [
  { key: 'lastName', id: 'pf-last', label: 'Nume', input: { autoComplete: 'family-name' } },
  { key: 'firstName', id: 'pf-first', label: 'Prenume', input: { autoComplete: 'given-name' } },
  {
    key: 'localitate',
    id: 'pf-place',
    label: 'Localitate',
    input: { list: 'pf-places', autoComplete: 'off' },
  },
  {
    key: 'phone',
    id: 'pf-phone',
    label: 'Număr de telefon',
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  },
];

/** All place names for the Localitate suggestions, loaded with the locations chunk when editing starts. */
function usePlaceNames(active: boolean): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!active || names.length) return;
    let alive = true;
    loadLocations()
      .then((m) => {
        const all = new Set<string>();
        for (const county of m.countyNames()) {
          all.add(county);
          for (const place of m.localitiesOf(county)) all.add(place);
        }
        if (alive) setNames([...all].sort((a, b) => a.localeCompare(b, 'ro')));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [active, names.length]);
  return names;
}

/** Basic info: view mode, then edit with Anulează (restores) / Salvează (success shown for 3 s). */
export function ProfileInfoForm({ user }: { user: OwnProfile }) {
  const { refresh } = useSession();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileInput>(() => fromUser(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const places = usePlaceNames(editing);

  useEffect(() => {
    if (!saved) return;
    const t = window.setTimeout(() => setSaved(false), TIMINGS.profileSuccessMs);
    return () => window.clearTimeout(t);
  }, [saved]);

  const set = (key: keyof ProfileInput) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const cancel = () => {
    setValues(fromUser(user));
    setErrors({});
    setError(null);
    setEditing(false);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const input = normalizeProfileInput(values);
    const found = validateProfileEdit(input, user);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError(null);
    try {
      await api<unknown>('/api/users/profile', {
        method: 'PUT',
        json: input,
        fallbackError: PROFILE_MESSAGES.saveFailed,
      });
      await refresh(true);
      setEditing(false);
      setSaved(true);
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <section className="profile-section profile-info" aria-labelledby="info-title">
        <div className="section-head">
          <h2 id="info-title">Informații de bază</h2>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setValues(fromUser(user));
              setSaved(false);
              setEditing(true);
            }}
          >
            Editează
          </button>
        </div>
        {saved && (
          <p className="notice notice--success" role="status">
            {PROFILE_MESSAGES.saved}
          </p>
        )}
        <dl className="info-list">
          <Info label="Nume" value={user.lastName} />
          <Info label="Prenume" value={user.firstName} />
          <Info label="Membru din" value={formatDate(user.createdAt)} />
          <Info label="Localitate" value={user.localitate} />
          <Info label="Număr de telefon" value={user.phone} />
          <Info label="Email" value={user.email} />
        </dl>
      </section>
    );
  }

  return (
    <form className="profile-section profile-info" onSubmit={save} noValidate aria-labelledby="info-title">
      <h2 id="info-title">Informații de bază</h2>
      <div className="profile-fields">
        {FIELDS.map((f) => (
          <TextField
            key={f.key}
            id={f.id}
            label={f.label}
            {...f.input}
            value={values[f.key]}
            onChange={set(f.key)}
            error={errors[f.key]}
          />
        ))}
        <datalist id="pf-places">
          {places.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <TextField id="pf-email" label="Email" value={user.email} readOnly />
      </div>
      <FormError message={error} />
      <CancelSubmitRow className="form-actions" onCancel={cancel} busy={busy} />
    </form>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || <span className="muted">Necompletat</span>}</dd>
    </div>
  );
}
