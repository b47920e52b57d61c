/** A table's key: the cards of its deck lists, in one order (its references change when they do). */
export const tableKeyOf = (cards: { id: string }[]) =>
  cards
    .map((c) => c.id)
    .sort()
    .join(",");
