/** Element ids shared by the server render and the browser entry. */
export const ROOT_ELEMENT_ID = "root";
export const PRELOAD_ELEMENT_ID = "__fw_preload";
