// The types of validated parameter values, derived from declarations at compile time: a module
// declared with literal parameter types reads `run.params.dir` as `'ascending' | 'descending'`,
// `run.params.limit` as `number`, and cannot read a parameter it did not declare. Nothing here
// exists at run time; the values are the ones ParamReader (validate.ts) computes.
import type { ParamDecl, ParamDecls, ParamType } from './declaration.ts';
import type { ParamValue } from './validate.ts';

/** One value of a parameter: an enumeration's own values, numbers for numeric types, else text. */
type ElementOf<T extends ParamType> = T extends readonly (infer V extends string)[]
  ? V
  : T extends 'integer' | 'limit' | 'namespace'
    ? number
    : string;

/** Parameters without a default that were not given read as undefined (multi-value ones too). */
type AbsentOf<D extends ParamDecl> = D extends { default: string | number | boolean } | { required: true } ? never : undefined;

/**
 * A parameter's validated value: booleans are present or not; multi-value parameters are
 * readonly arrays (`*` already expanded, duplicates dropped); `limit=max` is already a number.
 * A declaration not known at compile time reads as any value the validator may produce.
 */
export type ParamValueOf<D extends ParamDecl> = ParamDecl extends D
  ? ParamValue
  : D['type'] extends 'boolean'
    ? boolean
    : (D extends { multi: true } ? readonly ElementOf<D['type']>[] : ElementOf<D['type']>) | AbsentOf<D>;

/** The validated values of a module's parameters, by name without prefix. */
export type ParamValuesOf<P extends ParamDecls> = { readonly [K in keyof P]: ParamValueOf<P[K]> };
