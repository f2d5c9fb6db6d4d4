import { EMOJIS } from './emojis.ts';

/** The 28-emoji grid, used by the composer and by the 'react' action. */
export function EmojiGrid({ label, onPick }: { label: string; onPick: (emoji: string) => void }) {
  return (
    <fieldset className="emoji-grid">
      <legend className="sr-only">{label}</legend>
      {EMOJIS.map((e) => (
        <button key={e} type="button" className="emoji-btn" aria-label={e} onClick={() => onPick(e)}>
          {e}
        </button>
      ))}
    </fieldset>
  );
}
