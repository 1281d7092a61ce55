#ifndef SIDEWALK_CMEMORYHINTS_H
#define SIDEWALK_CMEMORYHINTS_H
/* Hints to the memory system that Swift cannot express. Header only: each function is inlined
   into the Swift loop that calls it, where a call would cost more than the hint saves. */

/* Asks for the cache line holding `address` to be brought into every cache level, for reading
   soon. It never faults: any address may be given, inside an allocation or not, and nothing is
   read from it. On a compiler without the builtin it does nothing. */
static inline void sw_prefetch_for_reading(const void *address) {
#if defined(__has_builtin)
#if __has_builtin(__builtin_prefetch)
    __builtin_prefetch(address, 0, 3);
#endif
#endif
}

#endif
