/** Small brand-coloured text (eyebrows, links) in the shade that reads at 4.5:1 on white and on brand-soft. */
export const brandTextClass = 'text-brand-hover';
