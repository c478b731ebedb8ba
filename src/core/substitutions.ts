// What a restaurant wants done with a line the farm cannot fill (docs/substitutions.md). Apart
// from the schemas, so that the Order's shape names them without bringing the order guide's.

export const SUBSTITUTIONS = ['allow', 'ask', 'never'] as const;
export type Substitution = (typeof SUBSTITUTIONS)[number];
export const DEFAULT_SUBSTITUTION: Substitution = 'ask';

export const SUBSTITUTION_PREFERENCE_LABELS: Record<Substitution, string> = {
  allow: 'Allow substitutes',
  ask: 'Ask me first',
  never: 'No substitute',
};
