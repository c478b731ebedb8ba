// The reports module's one door: what other modules and the app use of it.
export { type CsvFile, type CsvValue, toCsv } from './csv';
export { getSummary, getSummaryCsv, getSummaryFileName } from './get-summary';
export { createReportCache, reportsModule } from './routes';
export { COUNTED, moneySum, moneyText, type Row, toIso, ZONE } from './sql';
