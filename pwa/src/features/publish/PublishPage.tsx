import { AnnouncementForm } from './AnnouncementForm.tsx';

/** /add-announcement (and /adauga-anunt): a new announcement, starting from the saved draft. */
export function PublishPage() {
  return (
    <div className="page pub-page">
      <h1>Adaugă un anunț</h1>
      <p className="muted pub-intro">
        Ce scrii se salvează automat ca ciornă, chiar și fără internet, și te așteaptă data viitoare.
      </p>
      <AnnouncementForm mode="publish" />
    </div>
  );
}
