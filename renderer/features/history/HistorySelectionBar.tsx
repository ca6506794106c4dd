import { ExportReportButton } from './ExportReport';

/**
 * What can be done with the selected history entries, shown while any are selected. Each
 * action takes the ids in the order they were selected (Compare shows the first on the left).
 */
export function HistorySelectionBar({ selected, onClear }: { selected: readonly number[]; onClear: () => void }) {
  if (selected.length === 0) return null;
  return (
    <div className="history-selection-bar" role="group" aria-label="Selected entries">
      <span className="small" aria-live="polite">
        {selected.length === 1 ? '1 entry selected' : `${selected.length} entries selected`}
      </span>
      <ExportReportButton ids={selected} />
      <button type="button" className="button-small" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
