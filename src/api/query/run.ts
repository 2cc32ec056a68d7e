// Placeholder: the query engine defines what a running module sees.
export interface QueryRun {
  readonly moduleName: string;
}
