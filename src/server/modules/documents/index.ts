// The documents module's one door: what other modules and the app use of it.
export {
  type CreditNoteDocument,
  pdfText,
  renderCreditNote,
  renderStatement,
  renderGetSummary,
  renderInvoice,
  renderRunSheet,
  renderRunSheets,
  type RunSheet,
} from './pdf';
export { documentModule } from './routes';
export { sendPdf } from './send-pdf';
export { type Invoice, issueInvoice } from './service';
