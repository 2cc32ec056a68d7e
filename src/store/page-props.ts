// What the page_props table answers: the properties of pages, the names in use, and the pages
// that carry one property (prop=pageprops, list=pagepropnames, list=pageswithprop).

export interface PagePropRow {
  pp_page: number;
  pp_propname: string;
  pp_value: string;
}

/** The pages carrying one property, in page id order. */
export interface PagesWithPropQuery {
  name: string;
  descending: boolean;
  /** Resume at this page id (inclusive). */
  from: number | null;
  limit: number;
}

export interface PageWithPropRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
  pp_value: string;
}
