import type { MessageDoc } from '../../../../schema/entities.ts';

/** Reactions grouped by emoji with their count; clicking one toggles one's own reaction. */
export function ReactionChips({
  reactions,
  meId,
  onToggle,
}: {
  reactions: MessageDoc['reactions'];
  meId: string;
  onToggle: (emoji: string) => void;
}) {
  if (reactions.length === 0) return null;
  const groups = new Map<string, { count: number; mine: boolean }>();
  for (const r of reactions) {
    const g = groups.get(r.emoji) ?? { count: 0, mine: false };
    g.count++;
    g.mine ||= r.userId === meId;
    groups.set(r.emoji, g);
  }
  return (
    <div className="msg-reactions">
      {[...groups].map(([emoji, g]) => (
        <button
          key={emoji}
          type="button"
          className={g.mine ? 'reaction reaction--mine' : 'reaction'}
          aria-pressed={g.mine}
          aria-label={`${emoji} ${g.count}`}
          onClick={() => onToggle(emoji)}
        >
          {emoji} <span>{g.count}</span>
        </button>
      ))}
    </div>
  );
}
