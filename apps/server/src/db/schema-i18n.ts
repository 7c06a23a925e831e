/** Tables of the i18n-texts module. */
export interface I18nTables {
  i18n_texts: { entity: string; entity_id: string; field: string; language: string; text: string };
}
