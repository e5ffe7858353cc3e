/** Money for people: one formatter for the web app and the e-mails, in the domain package. */
export { formatMoney, formatMoneyOff } from '@shop/domain'
