import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { PaperclipIcon, SendIcon, SmileIcon } from '../../ui/page-icons.tsx';
import { ATTACHMENT_ACCEPT, attachmentPreview, checkAttachment } from './attachments.ts';
import { EmojiGrid } from './EmojiGrid.tsx';
import { useComposerFocus } from './use-composer-focus.ts';

export type Outgoing = { text: string; file: File | null };

type Props = {
  /** Resolves when the message is on its way; throws a Romanian message and the draft stays. */
  onSend: (draft: Outgoing) => Promise<void>;
  onKeystroke: () => void;
  onStopTyping: () => void;
  replyTo: { message: MessageDoc; author: string; own: boolean } | null;
  onCancelReply: () => void;
};

/**
 * Text, emoji picker, one attachment (with a preview for images), the reply banner, and a send button
 * enabled only when there is text or a file. What the user typed stays until the send succeeded.
 */
export function Composer({ onSend, onKeystroke, onStopTyping, replyTo, onCancelReply }: Props) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [emojis, setEmojis] = useState(false);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const focus = useComposerFocus();

  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const canSend = (text.trim() !== '' || file !== null) && !sending;

  const pickFile = (f: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!f) return;
    const problem = checkAttachment(f);
    setError(problem ?? '');
    if (!problem) setFile(f);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    setSending(true);
    setError('');
    onStopTyping();
    try {
      await onSend({ text, file });
      setText('');
      setFile(null);
      setEmojis(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Mesajul nu a putut fi trimis. Încearcă din nou.');
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  return (
    <form className="composer" onSubmit={submit}>
      {replyTo && (
        <div className="composer-reply">
          <div>
            <span className="composer-reply-who">
              {replyTo.own ? 'Răspuns la mesajul tău' : `Răspuns la mesajul de la ${replyTo.author}`}
            </span>
            <span className="composer-reply-text">
              {replyTo.message.text.trim() ||
                (replyTo.message.image
                  ? attachmentPreview(replyTo.message.image, replyTo.message.fileName)
                  : '')}
            </span>
          </div>
          <button type="button" className="icon-btn" aria-label="Anulează răspunsul" onClick={onCancelReply}>
            ✕
          </button>
        </div>
      )}
      {file && (
        <div className="composer-file">
          {preview ? (
            <img src={preview} alt="Previzualizare imagine" />
          ) : (
            <span className="composer-file-name">
              <PaperclipIcon size={16} /> {file.name}
            </span>
          )}
          <button
            type="button"
            className="icon-btn"
            aria-label="Elimină atașamentul"
            onClick={() => setFile(null)}
          >
            ✕
          </button>
        </div>
      )}
      {error && (
        <p className="composer-error" role="alert">
          {error}
        </p>
      )}
      {emojis && (
        <EmojiGrid
          label="Emoji"
          onPick={(emoji) => {
            setText((t) => t + emoji);
            input.current?.focus();
          }}
        />
      )}
      <div className="composer-row">
        <label className="icon-btn composer-attach" htmlFor={fileId} title="Atașează un fișier">
          <PaperclipIcon />
          <span className="sr-only">Atașează un fișier</span>
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          className="sr-only"
          accept={ATTACHMENT_ACCEPT}
          onChange={(e) => pickFile(e.target.files?.[0])}
        />
        <button
          type="button"
          className="icon-btn"
          aria-label="Emoji"
          aria-expanded={emojis}
          onClick={() => setEmojis((v) => !v)}
        >
          <SmileIcon />
        </button>
        <textarea
          ref={input}
          rows={1}
          aria-label="Scrie un mesaj"
          placeholder="Scrie un mesaj..."
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onKeystroke();
          }}
          onFocus={focus.onFocus}
          onBlur={() => {
            focus.onBlur();
            onStopTyping();
          }}
          onKeyDown={(e) => {
            // Not while a keyboard is composing a word (IME, predictive text): that Enter confirms it.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <button type="submit" className="btn btn-primary composer-send" disabled={!canSend}>
          <SendIcon size={18} />
          <span className="composer-send-label">Trimite</span>
        </button>
      </div>
    </form>
  );
}
