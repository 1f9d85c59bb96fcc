// The menus are identity's: this stays only while identity/roles.ts still imports them from here.
export { menuEntries, permsByMenu, visibleTo } from './identity/menus.ts';
