/**
 * A small two-or-more-way switch ("JSON | Table"): toggle buttons in a named group, the
 * chosen one marked with aria-pressed. Buttons rather than radios because each press acts
 * at once and the set is tiny; the group name says what they switch.
 */
export function SegmentedToggle<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <span role="group" aria-label={label} className="segmented">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented-option"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </span>
  );
}
