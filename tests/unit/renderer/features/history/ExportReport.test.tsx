import { render, screen } from '@testing-library/react';
import { MAX_REPORT_ENTRIES } from '../../../../../electron/shared/api';
import { ExportReportButton } from '../../../../../renderer/features/history/ExportReport';

/**
 * A report takes at most MAX_REPORT_ENTRIES entries. With more ticked, Export report opened its
 * dialog, took a note, and then failed with the host's words ('"ids" must list 1 to 200 entry
 * ids.'). It is disabled instead, and says why, as Compare does.
 */
describe('Export report on a selection', () => {
  it(`is disabled with more than ${MAX_REPORT_ENTRIES} entries, and says why`, () => {
    const ids = Array.from({ length: MAX_REPORT_ENTRIES + 1 }, (_, i) => i + 1);
    render(<ExportReportButton ids={ids} />);
    const button = screen.getByRole('button', { name: 'Export report' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      `A report takes at most ${MAX_REPORT_ENTRIES} entries (${MAX_REPORT_ENTRIES + 1} are selected).`,
    );
  });

  it(`is enabled with ${MAX_REPORT_ENTRIES} entries`, () => {
    render(<ExportReportButton ids={Array.from({ length: MAX_REPORT_ENTRIES }, (_, i) => i + 1)} />);
    expect(screen.getByRole('button', { name: 'Export report' })).toBeEnabled();
  });
});
