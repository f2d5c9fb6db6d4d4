import { useState } from 'react';
import { EmojiGrid } from './EmojiGrid.tsx';
import { QUICK_REACTIONS } from './emojis.ts';

type Props = {
  own: boolean;
  onReply: () => void;
  onReact: (emoji: string) => void;
  onCopy: () => void;
  onDelete: () => void;
  /** Someone else's message: report it to the moderators (issue 24). */
  onReport?: () => void;
};

/** The action bar of a message (hover, focus or long-press): reply, react, copy, delete one's own. */
export function MessageActions({ own, onReply, onReact, onCopy, onDelete, onReport }: Props) {
  const [picking, setPicking] = useState<'none' | 'quick' | 'all'>('none');
  const react = (emoji: string) => {
    setPicking('none');
    onReact(emoji);
  };
  return (
    <div className="msg-actions">
      <div className="msg-actions-bar" role="toolbar" aria-label="Acțiuni mesaj">
        <button type="button" onClick={onReply}>
          Răspunde
        </button>
        <button
          type="button"
          aria-expanded={picking !== 'none'}
          onClick={() => setPicking((p) => (p === 'none' ? 'quick' : 'none'))}
        >
          Reacționează
        </button>
        <button type="button" onClick={onCopy}>
          Copiază
        </button>
        {own && (
          <button type="button" className="danger" onClick={onDelete}>
            Șterge
          </button>
        )}
        {!own && onReport && (
          <button type="button" onClick={onReport}>
            Raportează
          </button>
        )}
      </div>
      {picking !== 'none' && (
        <div className="msg-react-picker">
          {picking === 'quick' ? (
            <fieldset className="emoji-row">
              <legend className="sr-only">Reacții rapide</legend>
              {QUICK_REACTIONS.map((e) => (
                <button key={e} type="button" className="emoji-btn" aria-label={e} onClick={() => react(e)}>
                  {e}
                </button>
              ))}
              <button type="button" className="emoji-more" onClick={() => setPicking('all')}>
                Mai multe
              </button>
            </fieldset>
          ) : (
            <EmojiGrid label="Alege o reacție" onPick={react} />
          )}
        </div>
      )}
    </div>
  );
}
