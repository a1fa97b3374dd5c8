/**
 * What a number or phone input keeps of what is typed or pasted (issue 21 item 8): letters never
 * appear. An amount keeps its sign and separators so that the rule can say what is wrong with
 * them ('Enter a number of 0 or more'); digits fields (phones, zip codes, a year) keep digits only.
 */
export type NumberKind = 'digits' | 'amount' | 'coordinate';

const REFUSED: Record<NumberKind, RegExp> = {
  digits: /\D/g,
  amount: /[^\d.,-]/g,
  coordinate: /[^\d.-]/g,
};

/** The typed text without the characters this kind of input refuses. */
export const keepTyped = (kind: NumberKind, text: string): string => text.replace(REFUSED[kind], '');

/**
 * An amount shown with thousands separators, as the user leaves its field: '12500000' becomes
 * '12,500,000', '1234.5' becomes '1,234.5'. Text that is not a plain number stays as typed, for its
 * message.
 */
export function groupThousands(text: string): string {
  const typed = text.trim();
  // Commas out of their places ('12,5') are not guessed at: the rule says what is wrong.
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed) ? typed.replaceAll(',', '') : typed;
  const parts = /^(-?)(\d+)(\.\d*)?$/.exec(plain);
  if (!parts) return text;
  const [, sign, whole, decimals = ''] = parts;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals}`;
}
