// The owed rule (docs/payments.md): what a bill is and what it still owes, for every module
// that selects or judges bills. Others import it from here, never from its files.
export {
  amountCreditedSql,
  amountPaidSql,
  countedPayment,
  dueDateSql,
  isBill,
  openBalanceCents,
  orderPaymentFields,
  owedColumns,
  paymentStateOfRow,
  stillOwed,
} from './owed';
