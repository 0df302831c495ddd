/** The money helpers moved to lib/money.ts (the subscription administration reads prices too). */
export { formatMoney, formatPercent, hundredthsText, parseMoney, parsePercent } from '../../lib/money';
