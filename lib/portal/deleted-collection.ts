/** "3 perks", "1 perk", "no perks". */
export const perkCountText = (perks: number) =>
  perks === 0 ? "no perks" : perks === 1 ? "1 perk" : `${perks.toLocaleString("en-US")} perks`;

/** What My collections says after a deletion: "Deleted “Otter Club” (3 perks)". */
export const deletedText = (title: string, perks: number) => `Deleted “${title}” (${perkCountText(perks)})`;
