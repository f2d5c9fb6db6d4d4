type Props<T extends string> = {
  label: string;
  value: string;
  options: readonly T[];
  /** What each option says (the value itself when left out). */
  text?: (value: T) => string;
  /** A first option with the value '' ('Orice preț', 'Toate județele'). */
  empty?: string;
  className?: string;
  onChange: (value: string) => void;
};

/** A select under its visible caption (filters and sort of the listings and of 'Anunțurile mele'). */
export function LabeledSelect<T extends string>({
  label,
  value,
  options,
  text = (v) => v,
  empty,
  className,
  onChange,
}: Props<T>) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
