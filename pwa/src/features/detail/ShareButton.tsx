import { ShareIcon } from '../../ui/page-icons.tsx';
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
      <ShareIcon size={20} />
    </button>
  );
}
