/** An amount as the edit field shows it: two decimals with a comma ('1234,50'). */
export function formatAmountInput(euros: number): string {
  return euros.toFixed(2).replace('.', ',');
}
