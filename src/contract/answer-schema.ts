import type { z } from 'zod';

/*
 * Ties an answer's zod schema to the TypeScript type the server builds and the
 * browser reads. `satisfies z.ZodType<T>` alone lets either side carry a field
 * the other lacks (an object with more fields is still assignable), so the
 * check here compares the field names at every depth as well as their types.
 * At run time it is an identity function; the check is the compiler's.
 */

/** Intersections and interfaces flattened to plain object types, at every depth, so equal shapes compare equal. */
type Flat<T> = T extends readonly (infer Item)[] ? Flat<Item>[] : T extends object ? { [K in keyof T]: Flat<T[K]> } : T;

/** True when A and B have the same fields (optional or not) of the same types, at every depth. */
type SameShape<A, B> = (<X>() => X extends Flat<A> ? 1 : 2) extends <X>() => X extends Flat<B> ? 1 : 2 ? true : false;

/** What the compiler shows when they differ: the top-level fields found on one side only. */
type ShapeMismatch<Schema, Type> = {
  'the schema and its type differ': { onlyInSchema: Exclude<keyof Schema, keyof Type>; onlyInType: Exclude<keyof Type, keyof Schema> };
};

/**
 * `answerSchema<PropertyJson>()(z.object({...}))` compiles only when the
 * schema's output is exactly `PropertyJson`: a field added, dropped or
 * retyped on either side is a type error here.
 */
export function answerSchema<T>() {
  return <S extends z.ZodType<T>>(schema: SameShape<z.output<S>, T> extends true ? S : ShapeMismatch<z.output<S>, T>): S => schema as S;
}
