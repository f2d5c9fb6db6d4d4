import { showToast } from '../shell/toast.ts';

/** Share: the system share sheet where there is one (phones), else the link goes to the clipboard. */
export function ShareButton({ title }: { title: string }) {
  const share = async () => {
    const url = location.href.split('?')[0]!;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // The person closed the share sheet: nothing to say.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast('Linkul anunțului a fost copiat.', 'success', 2500);
    } catch {
      showToast(`Nu am putut copia linkul. Îl găsești aici: ${url}`, 'error', 6000);
    }
  };

  return (
    <button
      type="button"
      className="icon-btn dshare"
      aria-label="Distribuie anunțul"
      title="Distribuie"
      onClick={share}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
    </button>
  );
}
