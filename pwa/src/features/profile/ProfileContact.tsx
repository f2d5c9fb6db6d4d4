import { useState } from 'react';
import { publicContact } from '../../../../schema/profile-api.ts';

/** As on an announcement's seller card: the number hidden until asked for. */
const MASKED_PHONE = 'xxx xxx xxx';

type Props = {
  /** The person's announcements, newest first (what the device holds, or the server's list). */
  announcements: readonly { contactPhone: string; contactEmail: string; active: boolean }[];
};

/**
 * The public profile's 'Telefon' and 'Email' (issue 45): the contact the person already shows on their
 * newest live announcement, never the account's own; the phone masked until 'Arată', as on the
 * announcement. Nothing when they show none.
 */
export function ProfileContact({ announcements }: Props) {
  const [showPhone, setShowPhone] = useState(false);
  const { phone, email } = publicContact(announcements);
  return (
    <>
      {phone && (
        <div>
          <dt>Telefon</dt>
          <dd>
            {showPhone ? <a href={`tel:${phone}`}>{phone}</a> : MASKED_PHONE}{' '}
            {!showPhone && (
              <button type="button" className="link-btn" onClick={() => setShowPhone(true)}>
                Arată
              </button>
            )}
          </dd>
        </div>
      )}
      {email && (
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
      )}
    </>
  );
}
