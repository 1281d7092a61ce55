import SystemIO
import Testing

/// Reading how busy the processors are, from the kernel's own words.
@Suite("CPU pressure")
struct CPUPressureTests {
    @Test("the kernel's pressure lines (Documentation/accounting/psi.rst's form): some avg10, clamped")
    func pressureStall() {
        let idle = "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
        #expect(CPUPressure.fromPressureStall(idle) == 0)
        let busy = "some avg10=47.25 avg60=12.00 avg300=3.99 total=7407983278\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
        #expect(CPUPressure.fromPressureStall(busy) == 47.25)
        #expect(CPUPressure.fromPressureStall("some avg10=250.0 avg60=0") == 100)
        #expect(CPUPressure.fromPressureStall("some avg10=nan avg60=0") == nil)
        #expect(CPUPressure.fromPressureStall("full avg10=3.00") == nil)
        #expect(CPUPressure.fromPressureStall("") == nil)
    }

    @Test("/proc/loadavg (proc(5)'s form): the 1-minute load over the processors, as a percent")
    func loadAverage() {
        #expect(CPUPressure.fromLoadAverage("0.50 0.79 0.93 1/109 3776\n", processors: 2) == 25)
        #expect(CPUPressure.fromLoadAverage("9.00 0.79 0.93 1/109 3776\n", processors: 2) == 100)
        #expect(CPUPressure.fromLoadAverage("-1 0 0", processors: 2) == 0)
        #expect(CPUPressure.fromLoadAverage("1.0 1.0 1.0", processors: 0) == nil)
        #expect(CPUPressure.fromLoadAverage("busy", processors: 2) == nil)
    }

    @Test("on this machine, a figure from 0 to 100")
    func here() throws {
        let now = try #require(CPUPressure.now())
        #expect((0...100).contains(now))
    }
}
