import { useEffect, useState } from 'react';
import { cancelQueuedAttachment, type QueuedAttachment } from '../../db/chat-file-outbox.ts';
import { ClockIcon, PaperclipIcon } from '../../ui/page-icons.tsx';
import { showToast } from '../shell/toast.ts';

/** A message with a file written offline: shown at once with its picture, sent when the connection is back. */
export function QueuedBubble({ item }: { item: QueuedAttachment }) {
  const [url, setUrl] = useState<string | null>(null);
  const isImage = item.file.type.startsWith('image/');
  useEffect(() => {
    if (!isImage) return;
    const u = URL.createObjectURL(item.file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [item.file, isImage]);

  return (
    <div className="msg msg--own msg--queued">
      <div className="msg-bubble">
        {url ? (
          <span className="msg-image">
            <img src={url} alt="Imagine în așteptare" />
          </span>
        ) : (
          <span className="msg-file">
            <PaperclipIcon size={16} /> {item.name}
          </span>
        )}
        {item.text && <p className="msg-text">{item.text}</p>}
        <span className="msg-meta">
          <span className="msg-tick" role="img" aria-label="În așteptare" title="În așteptare">
            <ClockIcon />
          </span>
        </span>
      </div>
      <div className="msg-actions-bar msg-queued-actions">
        <button
          type="button"
          onClick={() =>
            void cancelQueuedAttachment(item.id).catch(() =>
              showToast('Trimiterea nu a putut fi anulată. Încearcă din nou.', 'error'),
            )
          }
        >
          Anulează trimiterea
        </button>
      </div>
    </div>
  );
}
