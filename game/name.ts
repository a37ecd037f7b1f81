/** The game's name in boardgame.io (lobby routes, sockets). */
export const GAME_NAME = 'planet-unknown';
