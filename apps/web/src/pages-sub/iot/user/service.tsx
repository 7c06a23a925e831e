/** The user page's service block in full (spec §2 user/service): the layout's contacts, as the customer page shows them. */
export { default } from '../../../pages/iot/index/customer/index.tsx';
