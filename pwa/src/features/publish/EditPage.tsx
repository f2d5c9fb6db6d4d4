import { Link } from '@tanstack/react-router';
import { Loading } from '../../ui/Loading.tsx';
import { useSession } from '../session/use-session.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { useEditTarget } from './edit-target.ts';

/** /edit-announcement: the same form, prefilled; only the owner may edit (the server checks it too). */
export function EditPage() {
  const { userId } = useSession();
  const target = useEditTarget();
  let body: React.ReactNode;
  if (target.state === 'loading') {
    body = <Loading />;
  } else if (target.state === 'missing' || target.announcement.ownerId !== userId) {
    body = (
      <>
        <p className="notice notice--error" role="alert">
          {target.state === 'missing'
            ? 'Nu a fost ales niciun anunț de editat.'
            : 'Poți edita doar anunțurile tale.'}
        </p>
        <p>
          <Link to="/anunturile-mele">Înapoi la anunțurile mele</Link>
        </p>
      </>
    );
  } else {
    body = <AnnouncementForm key={target.announcement.id} mode="update" initial={target.announcement} />;
  }
  return (
    <div className="page pub-page">
      <h1>Editează anunțul</h1>
      {body}
    </div>
  );
}
