import type { MessageDoc } from '../../../../schema/entities.ts';
import { PaperclipIcon } from '../../ui/page-icons.tsx';
import { attachmentLabel, isImagePath } from './attachments.ts';
import { useChatFileUrl } from './use-chat-file.ts';

/**
 * A message's file: a picture shown in the bubble, or a link that downloads it under its name. The
 * bytes come with the person's token (use-chat-file.ts): a chat file is not public.
 */
export function ChatAttachment({ message: m }: { message: MessageDoc }) {
  const { url, failed } = useChatFileUrl(m.image);
  if (failed) {
    return (
      <span className="msg-file msg-file-gone">
        <PaperclipIcon size={16} />{' '}
        {isImagePath(m.image)
          ? 'Imaginea nu poate fi afișată acum.'
          : `${attachmentLabel(m)} · indisponibil acum`}
      </span>
    );
  }
  if (isImagePath(m.image)) {
    if (!url) return <span className="msg-image msg-image-loading" aria-busy="true" />;
    return (
      <a href={url} target="_blank" rel="noreferrer" className="msg-image">
        <img src={url} alt="Imagine trimisă" loading="lazy" />
      </a>
    );
  }
  return (
    <a
      href={url ?? undefined}
      target="_blank"
      rel="noreferrer"
      className="msg-file"
      aria-disabled={url ? undefined : 'true'}
      download={m.fileName || true}
      title={m.fileName || undefined}
    >
      <PaperclipIcon size={16} /> <span className="msg-file-name">{attachmentLabel(m)}</span>
    </a>
  );
}
