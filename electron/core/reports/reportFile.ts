import { SAVED_FILE_TYPES } from '../../shared/api';
import { reportFileName, reportJson, type ReportBundle } from '../../shared/reports/reportBundle';
import { renderReportHtml } from './reportHtml';

/**
 * A report as the file the page saves (`saveTextFile`, which writes it through the one safe
 * write): a QA report of history entries and an exported run alike. Each format has one media
 * type, and the file's extension is the one the save dialog's filter has for that type.
 */

const MEDIA_TYPES = { html: 'text/html', json: 'application/json', junit: 'application/xml', csv: 'text/csv' } as const;

type ReportFileFormat = keyof typeof MEDIA_TYPES;
type MediaType<Format extends ReportFileFormat> = (typeof MEDIA_TYPES)[Format];
type Extension<Format extends ReportFileFormat> = (typeof SAVED_FILE_TYPES)[MediaType<Format>]['extension'];

interface ReportFile<Format extends ReportFileFormat> {
  fileName: string;
  mediaType: MediaType<Format>;
  content: string;
}

/** The file for `content` in `format`, named by `name` from the format's extension. */
export function reportFile<Format extends ReportFileFormat>(
  format: Format,
  content: string,
  name: (extension: Extension<Format>) => string,
): ReportFile<Format> {
  const mediaType = MEDIA_TYPES[format];
  return { fileName: name(SAVED_FILE_TYPES[mediaType].extension as Extension<Format>), mediaType, content };
}

/** A QA report of history entries as its file: the HTML page or the JSON bundle. */
export function qaReportFile(bundle: ReportBundle, format: 'html' | 'json'): ReportFile<'html' | 'json'> {
  return reportFile(format, format === 'html' ? renderReportHtml(bundle) : reportJson(bundle), (extension) =>
    reportFileName(bundle, extension),
  );
}
