export { type ListActions, ListPage } from './ListPage';
