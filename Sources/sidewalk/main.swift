#if canImport(Glibc)
import Glibc
#endif
import SidewalkCommands

// Every command lives in SidewalkCommands; this is only the process around it.
exit(runSidewalk(Array(CommandLine.arguments.dropFirst())))
