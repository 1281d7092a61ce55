import SidewalkCommands

#if canImport(Glibc)
import Glibc
#endif

// Every command lives in SidewalkCommands; this is only the process around it.
exit(runSidewalk(Array(CommandLine.arguments.dropFirst())))
