import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DRAFT_TYPING_MAX, LIMITS, TIMINGS } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import type { DraftField } from '../../../../schema/fields.ts';
import { newId } from '../../../../schema/ids.ts';
// The place names are part of the form's own code (a static import, not fetched when the picker opens):
// a seller who loses the connection right after the form shows can still pick a locality.
import * as placeNames from '../../../../schema/locations.ts';
import { ANNOUNCEMENT_MESSAGES as M, submitErrorMessage } from '../../../../schema/rules/announcement.ts';
import { charCount } from '../../../../schema/rules/common.ts';
import { TextField } from '../../ui/TextField.tsx';
import { provideLocations } from '../home/use-locations.ts';
import { useSession } from '../session/use-session.ts';
import { offerPushAfterMoment } from '../shell/push-offer.ts';
import { CategoryPicker } from './CategoryPicker.tsx';
import { DraftConflictBanner } from './DraftConflictBanner.tsx';
import { FIELD_LABELS } from './field-labels.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { LocationField } from './LocationField.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import {
  PUBLISH_MESSAGES,
  preloadOfflinePublish,
  publishAnnouncement,
  updateAnnouncement,
} from './submit.ts';
import { type FormMode, useAnnouncementForm } from './use-announcement-form.ts';
import './publish.css';

type Notice = { kind: 'error' | 'success' | 'info'; text: string };

/** The counter counts as the rule does (validateAnnouncement: charCount of the trimmed value, NFC). */
const chars = (s: string) => charCount(s.trim());

/** The whole add / edit form of spec doc 1 §5 ("Add announcement", "Edit announcement"). */
export function AnnouncementForm({ mode, initial }: { mode: FormMode; initial?: AnnouncementDoc }) {
  const { status, userId } = useSession();
  const navigate = useNavigate();
  const form = useAnnouncementForm(mode, userId, initial);
  const { fields, setField, errors } = form;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const redirect = useRef<number | undefined>(undefined);
  // The id of this publish, made once: a second click after a failure cannot create a second copy.
  const [publishId] = useState(() => newId());
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  // The outbox is fetched while online, so an offline 'Publică' works if the connection drops.
  useEffect(() => {
    preloadOfflinePublish();
  }, []);
  provideLocations(placeNames);

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const bad = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = bad?.tagName === 'FIELDSET' ? bad.querySelector<HTMLElement>('input') : bad;
      target?.focus();
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!form.check()) {
      setNotice({ kind: 'error', text: submitErrorMessage(mode) });
      focusFirstError();
      return;
    }
    if (status !== 'user' || !userId) {
      setNotice({ kind: 'error', text: M.notAuthenticated[mode] });
      return;
    }
    setBusy(true);
    setNotice(null);
    // Photos picked a moment ago are still being made small: they belong to this publish.
    const images = await form.photosSettled();
    const result =
      mode === 'publish'
        ? await publishAnnouncement(userId, fields, images, publishId)
        : await updateAnnouncement(initial!.id, fields, images);
    if (result.kind === 'failed') {
      setBusy(false);
      setNotice({ kind: 'error', text: result.message });
      return;
    }
    if (result.kind === 'updated') {
      setNotice({ kind: 'success', text: PUBLISH_MESSAGES.updated });
      redirect.current = window.setTimeout(() => {
        void navigate({ to: '/announcement/$id', params: { id: result.id }, search: { updated: 1 } });
      }, TIMINGS.editPageRedirectMs);
      return;
    }
    await form.forgetDraft();
    void offerPushAfterMoment();
    setNotice(
      result.kind === 'queued'
        ? {
            kind: 'info',
            text: result.photosPending ? PUBLISH_MESSAGES.photosPending : PUBLISH_MESSAGES.queued,
          }
        : { kind: 'success', text: PUBLISH_MESSAGES.published },
    );
    redirect.current = window.setTimeout(() => {
      void navigate({ to: '/anunturile-mele' });
    }, TIMINGS.publishRedirectMs);
  };

  /** The plain text inputs; the others have their own pickers and counters. */
  const field = (name: Exclude<DraftField, 'category' | 'description' | 'location' | 'localitate'>) => ({
    id: name,
    // Room to type past the rule (its message then shows) but within what the draft may hold.
    maxLength: name === 'contactEmail' ? LIMITS.emailMax : 200,
    value: fields[name],
    error: errors[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => setField({ [name]: e.currentTarget.value }),
  });

  return (
    <form ref={formRef} className="pub-form" noValidate onSubmit={submit} aria-busy={!form.restored}>
      {form.conflicts.length > 0 && (
        <DraftConflictBanner
          conflicts={form.conflicts}
          onKeepMine={form.keepMine}
          onTakeTheirs={form.takeTheirs}
        />
      )}
      {/* Disabled until the saved draft is in place, so early typing is not mixed into it. */}
      <fieldset className="pub-all" disabled={!form.restored}>
        <TextField label={FIELD_LABELS.title} {...field('title')} />
        <p className="pub-count muted" aria-live="off">
          {chars(fields.title)}/{LIMITS.titleMax}
        </p>
        <CategoryPicker
          value={fields.category}
          error={errors.category}
          onChange={(category) => setField({ category })}
        />
        <ImagePicker
          images={form.images}
          refused={form.refused}
          onDismissRefused={form.dismissRefused}
          onAdd={form.addFiles}
          onRemove={form.removeImage}
          onMove={form.move}
          preparing={form.preparing}
          uploads={mode === 'publish' && userId ? form.uploads : null}
        />
        <div className="field pub-field">
          <label htmlFor="description">{FIELD_LABELS.description}</label>
          <textarea
            id="description"
            rows={8}
            maxLength={DRAFT_TYPING_MAX.description}
            value={fields.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'description-error' : 'description-count'}
            onChange={(e) => setField({ description: e.currentTarget.value })}
          />
          <p id="description-count" className="pub-count muted">
            {chars(fields.description)}/{LIMITS.descriptionMax}
          </p>
          {errors.description && (
            <p id="description-error" className="field-error">
              {errors.description}
            </p>
          )}
        </div>
        <TextField label="Preț (lei, opțional)" inputMode="numeric" {...field('price')} />
        <LocationField
          location={fields.location}
          localitate={fields.localitate}
          error={errors.location}
          onChange={(location, localitate) => setField({ location, localitate })}
        />
        <fieldset className="pub-field pub-contact">
          <legend>Date de contact</legend>
          <TextField label={FIELD_LABELS.contactPerson} autoComplete="name" {...field('contactPerson')} />
          <div className="form-row pub-contact-row">
            <TextField
              label={FIELD_LABELS.contactEmail}
              type="email"
              autoComplete="email"
              {...field('contactEmail')}
            />
            <TextField
              label={FIELD_LABELS.contactPhone}
              type="tel"
              autoComplete="tel"
              {...field('contactPhone')}
            />
          </div>
          {errors.contact && (
            <p className="field-error" id="contact-error">
              {errors.contact}
            </p>
          )}
        </fieldset>
        {notice && (
          <p
            className={`notice notice--${notice.kind === 'info' ? 'success' : notice.kind}`}
            role={notice.kind === 'error' ? 'alert' : 'status'}
          >
            {notice.text}
          </p>
        )}
        <div className="pub-actions">
          <button type="button" className="btn btn-outline" onClick={() => setPreview(true)}>
            Previzualizați anunțul
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {mode === 'publish'
              ? busy
                ? 'Se publică...'
                : 'Publică un anunț'
              : busy
                ? 'Se actualizează...'
                : 'Actualizează anunțul'}
          </button>
        </div>
        {preview && (
          <PreviewDialog
            fields={fields}
            images={form.images}
            id={initial?.id}
            onClose={() => setPreview(false)}
          />
        )}
      </fieldset>
    </form>
  );
}
