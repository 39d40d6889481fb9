/**
 * What a form needs from the mutation that submits it. Routes pass the session
 * feature's mutations in, so this feature does not import that one.
 */
export type SubmitAction<Values> = {
  mutate: (values: Values, options?: { onSuccess?: () => void; onError?: () => void }) => void;
  isPending: boolean;
};
