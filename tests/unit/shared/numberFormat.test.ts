import { enUsNumberFormat } from '../../../electron/shared/numberFormat';

/** The options of every Intl.NumberFormat built while a test runs. */
const built: (Intl.NumberFormatOptions | undefined)[] = [];
const Original = Intl.NumberFormat;

beforeEach(() => {
  built.length = 0;
  Intl.NumberFormat = class extends Original {
    constructor(locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) {
      super(locales, options);
      built.push(options);
    }
  } as typeof Intl.NumberFormat;
});

afterEach(() => {
  Intl.NumberFormat = Original;
});

describe('enUsNumberFormat', () => {
  it('builds its formatter on the first number, once, and writes en-US digits whatever the locale', () => {
    const whole = enUsNumberFormat({ maximumFractionDigits: 0 });
    expect(built).toEqual([]);
    expect(whole(1234.5)).toBe('1,235');
    expect(whole(1_000_000)).toBe('1,000,000');
    expect(built).toEqual([{ maximumFractionDigits: 0 }]);
    expect(enUsNumberFormat()(0.5)).toBe('0.5');
  });

  it("leaves the app's number helpers without a formatter until they format a number (loading one costs a fresh page tens of ms)", async () => {
    vi.resetModules();
    const { formatMs } = await import('../../../renderer/lib/format');
    const { formatCount } = await import('../../../renderer/lib/textChunks');
    await import('../../../renderer/features/runs/view/progressText');
    const { formatReportMs } = await import('../../../electron/shared/reports/reportFormat');
    expect(built).toEqual([]);

    expect(formatMs(1204)).toBe('1,204 ms');
    expect(formatCount(1234, 'character')).toBe('1,234 characters');
    expect(formatReportMs(12.5)).toBe('12.5 ms');
    expect(built).toHaveLength(3);
  });
});
