/** The bench's wallets, the same in the probe that indexes their tokens and in the HTTP run that asks for them. */
export const benchWallets = (count: number) =>
  Array.from({ length: count }, (_, index) => `0x${(index + 1).toString(16).padStart(40, "b")}`);
