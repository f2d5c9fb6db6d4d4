import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { avatarAnswer } from '../../../../schema/api/profiles.ts';
import { AVATAR_TYPES, checkAvatarCandidate, PROFILE_MESSAGES } from '../../../../schema/rules/profile.ts';
import type { Answer } from '../../api/client.ts';
import { api, failureMessage } from '../../api/client.ts';
import { CameraIcon } from '../../ui/page-icons.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useSession } from '../session/use-session.ts';

/**
 * The own avatar with a camera button: a photo from the camera or the gallery (the phone offers both; no
 * `capture`, which would open only the camera), previewed at once, uploaded as multipart `avatar`. The server replaces the old file and deletes it afterwards.
 */
export function AvatarUpload({ onError }: { onError: (text: string | null) => void }) {
  const { avatarCandidates, refresh } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again still fires
    if (!file) return;
    const problem = checkAvatarCandidate(file);
    if (problem) return onError(problem);
    onError(null);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    const form = new FormData();
    form.append('avatar', file);
    try {
      await api<Answer<typeof avatarAnswer>>('/api/users/avatar', {
        method: 'POST',
        body: form,
        fallbackError: PROFILE_MESSAGES.imageFailed,
      });
      await refresh(true);
      setPreview(null);
    } catch (err) {
      setPreview(null);
      onError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="profile-avatar avatar-upload">
      {preview ? (
        <img className="avatar" src={preview} alt="" width={96} height={96} />
      ) : (
        <UserAvatar candidates={avatarCandidates} size={96} />
      )}
      <button
        type="button"
        className="camera-btn"
        aria-label="Schimbă fotografia de profil"
        title="Schimbă fotografia de profil"
        disabled={busy}
        onClick={() => inputRef.current?.click()}
      >
        <CameraIcon size={18} />
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        aria-label="Fotografia de profil"
        onChange={(e) => void pick(e)}
      />
      {busy && (
        <span className="sr-only" role="status">
          Se încarcă fotografia...
        </span>
      )}
    </div>
  );
}
